#include "web/server.h"

#include "base/input_error.h"

#include <fmt/format.h>
#include <httplib.h>

#include <thread>
#include <utility>
#include <vector>

namespace web {

namespace detail {
const std::vector<std::pair<std::string_view, std::string_view>>& embedded_assets();
} // namespace detail

Asset asset(std::string_view path) {
  if (path == "/")
    path = "/index.html";
  for (const auto& [name, body] : detail::embedded_assets())
    if (name == path) {
      const std::string_view type = name.ends_with(".html") ? "text/html; charset=utf-8"
                                    : name.ends_with(".js") ? "text/javascript; charset=utf-8"
                                                            : "text/css; charset=utf-8";
      return {type, body};
    }
  return {};
}

void serve(Explorer& explorer, const std::string& host, int port, const std::atomic<bool>& stop,
           const std::function<void(const std::string& url)>& on_listening) {
  httplib::Server server;
  const std::size_t max_body = std::size_t(explorer.limits().body["max_body_bytes"].get<std::size_t>());
  server.set_payload_max_length(max_body);
  // SO_REUSEADDR alone: httplib's default adds SO_REUSEPORT, which would let a second explorer
  // share the port silently instead of failing to bind.
  server.set_socket_options([](socket_t sock) {
    const int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  server.set_read_timeout(5, 0);
  server.set_write_timeout(5, 0);
  const auto reply = [](httplib::Response& res, const Reply& r) {
    res.status = r.status;
    res.set_content(r.body.dump(), "application/json");
    res.set_header("Cache-Control", "no-store");
  };
  const auto api = [&](const httplib::Request& req, httplib::Response& res) {
    reply(res, explorer.handle(req.method, req.path, req.body));
  };
  server.Get(R"(/api/.*)", api);
  server.Post(R"(/api/.*)", api);
  server.Put(R"(/api/.*)", api);
  server.Delete(R"(/api/.*)", api);
  server.Get(R"(/[a-z.]*)", [&](const httplib::Request& req, httplib::Response& res) {
    const Asset a = asset(req.path);
    if (a.body.empty()) {
      reply(res, {404, {{"error", fmt::format("no such page: {}", req.path)}}});
      return;
    }
    res.set_content(std::string(a.body), std::string(a.content_type));
  });
  // Anything else (a body past the limit, an unknown method or path): a JSON error, not httplib's
  // empty page.
  server.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty())
      return;
    const std::string message = res.status == 413   ? "request body over the explorer's limit"
                                : res.status == 404 ? fmt::format("no such page: {}", req.path)
                                                    : fmt::format("HTTP {} for {} {}", res.status, req.method, req.path);
    res.set_content(nlohmann::json{{"error", message}}.dump(), "application/json");
  });
  server.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    res.status = 500;
    res.set_content(nlohmann::json{{"error", "internal error"}}.dump(), "application/json");
  });

  int bound = port;
  if (port == 0)
    bound = server.bind_to_any_port(host);
  else if (!server.bind_to_port(host, port))
    bound = -1;
  if (bound < 0)
    throw base::InputError(fmt::format("cannot listen on {}:{} (in use, or not an address of this machine)", host, port));
  std::atomic<bool> finished{false};
  std::thread stopper([&] {
    const auto over = [&] { return stop.load() || finished.load(); };
    while (!over() && !server.is_running())
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (!over())
      on_listening(fmt::format("http://{}:{}/", host.find(':') != std::string::npos ? "[" + host + "]" : host, bound));
    while (!over())
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    server.stop();
  });
  server.listen_after_bind();
  finished.store(true);
  stopper.join();
}

} // namespace web
