#include "web/server.h"

#include "base/input_error.h"

#include <fmt/format.h>
#include <httplib.h>

#include <algorithm>
#include <thread>
#include <utility>
#include <vector>

namespace web {

namespace detail {
const std::vector<std::pair<std::string_view, std::string_view>>& embedded_assets();
} // namespace detail

namespace {

// Enough workers that requests waiting for the one value at a time, or idle keep-alive
// connections, do not starve a page load or a cancel.
constexpr std::size_t WORKERS = 32;

// JSON text even for bytes that are not UTF-8 (a path or method from a hostile request).
std::string json_text(const nlohmann::json& j) { return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); }

void set_json(httplib::Response& res, int status, const nlohmann::json& body) {
  res.status = status;
  res.set_content(json_text(body), "application/json");
  res.set_header("Cache-Control", "no-store");
}

bool is_loopback(const std::string& host) { return host == "127.0.0.1" || host == "localhost" || host == "::1"; }

} // namespace

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
  server.new_task_queue = [] { return new httplib::ThreadPool(WORKERS); };
  server.set_payload_max_length(explorer.limits().body["max_body_bytes"].get<std::size_t>());
  server.set_read_timeout(5, 0);
  server.set_write_timeout(5, 0);
  server.set_keep_alive_timeout(2);
  // SO_REUSEADDR alone: httplib's default adds SO_REUSEPORT, which would let a second explorer
  // share the port silently instead of failing to bind.
  server.set_socket_options([](socket_t sock) {
    const int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });

  // On a loopback address, the API answers only requests addressed to this machine by name or
  // number: a web page elsewhere cannot reach it through a name of its own (DNS rebinding).
  // POST bodies must say they are JSON, which no page of another origin can send without the
  // browser asking first (and this server does not answer OPTIONS with permission).
  std::vector<std::string> hosts; // filled once the port is known, before the first request
  const auto api = [&](const httplib::Request& req, httplib::Response& res) {
    if (!hosts.empty()) {
      const std::string h = req.get_header_value("Host");
      if (std::find(hosts.begin(), hosts.end(), h) == hosts.end()) {
        set_json(res, 403, {{"error", fmt::format("Host '{}' is not this server's address", h)}});
        return;
      }
    }
    if (req.method == "POST" && !req.get_header_value("Content-Type").starts_with("application/json")) {
      set_json(res, 415, {{"error", "a POST body must be sent as Content-Type: application/json"}});
      return;
    }
    const Reply r = explorer.handle(req.method, req.path, req.body);
    set_json(res, r.status, r.body);
  };
  server.Get(R"(/api/.*)", api);
  server.Post(R"(/api/.*)", api);
  server.Put(R"(/api/.*)", api);
  server.Patch(R"(/api/.*)", api);
  server.Delete(R"(/api/.*)", api);
  server.Options(R"(/api/.*)", api);
  server.Get(R"(/[a-z.]*)", [&](const httplib::Request& req, httplib::Response& res) {
    const Asset a = asset(req.path);
    if (a.body.empty()) {
      set_json(res, 404, {{"error", "no such page: " + req.path}});
      return;
    }
    res.set_content(std::string(a.body), std::string(a.content_type));
  });
  // Anything else (a body past the limit, an unknown method or path, a malformed request line):
  // a JSON error, not httplib's empty page. This runs outside httplib's own try block, so it
  // must not throw.
  server.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty())
      return;
    try {
      const std::string message = res.status == 413   ? std::string("request body over the explorer's limit")
                                  : res.status == 404 ? "no such page: " + req.path
                                                      : fmt::format("HTTP {} for {} {}", res.status, req.method, req.path);
      res.set_content(json_text({{"error", message}}), "application/json");
    } catch (...) {
      res.set_content(R"({"error": "malformed request"})", "application/json");
    }
  });
  server.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
    res.status = 500;
    res.set_content(R"({"error": "internal error"})", "application/json");
  });

  int bound = port;
  if (port == 0)
    bound = server.bind_to_any_port(host);
  else if (!server.bind_to_port(host, port))
    bound = -1;
  if (bound < 0)
    throw base::InputError(fmt::format("cannot listen on {}:{} (in use, or not an address of this machine)", host, port));
  if (is_loopback(host))
    hosts = {fmt::format("127.0.0.1:{}", bound), fmt::format("localhost:{}", bound), fmt::format("[::1]:{}", bound)};
  const std::string url = fmt::format("http://{}:{}/", host.find(':') != std::string::npos ? "[" + host + "]" : host, bound);

  std::atomic<bool> finished{false};
  std::thread stopper([&] {
    const auto over = [&] { return stop.load() || finished.load(); };
    while (!over() && !server.is_running())
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (!over())
      on_listening(url);
    while (!over())
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    // Running values and solves stop, then the server; stop() is asked again until listening
    // ends, since a stop before the listen loop began would be lost.
    explorer.shutdown();
    while (!finished.load()) {
      server.stop();
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  });
  server.listen_after_bind();
  finished.store(true);
  stopper.join();
}

} // namespace web
