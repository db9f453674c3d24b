// The /api/ page of a site built without a host in its base URL: its curl and pandas examples
// start from the placeholder https://HOST/<base path>/, since the build cannot know where the
// site will be served. Where the page is served, it is: each .site-url[data-base] becomes the
// page's origin and the base path. Served from a file (no http origin), the placeholder stays.
(function () {
  if (!/^https?:$/.test(location.protocol)) return;
  var nodes = document.querySelectorAll(".site-url[data-base]");
  for (var i = 0; i < nodes.length; i++) nodes[i].textContent = location.origin + nodes[i].getAttribute("data-base");
})();
