// `domineering serve`: the explorer's page and its JSON API (explorer.h) over HTTP, with
// cpp-httplib's own thread pool. The page (web/static/) is compiled into the binary, so the
// server needs no file beside it and fetches nothing from the internet.
#pragma once

#include "web/explorer.h"

#include <atomic>
#include <functional>
#include <string>

namespace web {

// Listens on host:port (port 0: any free port) until *stop is set, polled every 100 ms;
// on_listening(url) is called once the socket is bound. Throws base::InputError when the
// address cannot be bound.
void serve(Explorer& explorer, const std::string& host, int port, const std::atomic<bool>& stop,
           const std::function<void(const std::string& url)>& on_listening);

// The files of the page, by path ("/" is index.html); empty when there is no such file.
struct Asset {
  std::string_view content_type;
  std::string_view body;
};
Asset asset(std::string_view path);

} // namespace web
