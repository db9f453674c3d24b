// Frontier's live reload. `frontier serve` injects this script into every page it serves (a
// deployable build never has it) and answers it on __frontier/events with Server-Sent Events:
//   hello    {build, problems}        on every (re)connect: the server's current state
//   build    {build, changed, all}    after a good build: the site paths whose bytes changed
//   problems {problems}               after a failed build: the last good site stays served
// The page reloads when a build changed a file it loaded (its HTML, its page.json, a history
// snapshot it fetched), or when it (re)connects to a server that holds another build than the
// one it shows, e.g. after a restart. A chart page whose data alone changed (its page.json is
// among the changed files, and of what it loaded only its own HTML) is updated in place
// instead: the page script takes the new page.json and redraws chart, tables and controls in
// the same view, without a reload. Problems show in an overlay until a good build clears it.
(function () {
  "use strict";
  var script = document.currentScript;
  var src = new URL(script.src, location.href);
  var shown = src.searchParams.get("build") || ""; // the build this page came from
  var base = src.pathname.replace(/__frontier\/reload\.js$/, "");
  var errorPage = document.documentElement.hasAttribute("data-frontier-error");
  var reloading = false;

  function reload() {
    if (!reloading) {
      reloading = true;
      location.reload();
    }
  }

  function decode(p) {
    try {
      return decodeURIComponent(p);
    } catch (e) {
      return p;
    }
  }

  // mine is every site path this page was built from: its own file and what it fetched.
  function mine() {
    var paths = {};
    function add(p) {
      p = decode(p);
      paths[p.charAt(p.length - 1) === "/" ? p + "index.html" : p] = true;
    }
    add(location.pathname);
    var nav = performance.getEntriesByType("navigation")[0];
    if (nav && nav.responseStatus === 404) {
      add(base + "404.html");
    }
    performance.getEntriesByType("resource").forEach(function (e) {
      var u = new URL(e.name, location.href);
      if (u.origin === location.origin && u.pathname.indexOf(base + "__frontier/") !== 0) {
        add(u.pathname);
      }
    });
    return paths;
  }

  function where(p) {
    var s = p.file;
    if (p.line) {
      s += ":" + p.line + (p.col ? ":" + p.col : "");
    }
    if (p.path) {
      s += ": " + p.path;
    }
    return s;
  }

  // overlay shows the problems of the last build over the page, or removes it when there are none.
  function overlay(problems) {
    var errs = (problems || []).filter(function (p) { return !p.warning; });
    var el = document.getElementById("frontier-overlay");
    if (errs.length === 0) {
      if (el) {
        el.remove();
      }
      return;
    }
    if (!el) {
      el = document.createElement("div");
      el.id = "frontier-overlay";
      el.setAttribute("role", "alert");
      el.style.cssText = "position:fixed;z-index:2147483647;left:0;right:0;top:0;max-height:70vh;overflow:auto;" +
        "margin:0;padding:1rem 1.25rem;background:#fff5f5;color:#1a1a1a;border-bottom:3px solid #b00020;" +
        "box-shadow:0 4px 16px rgba(0,0,0,.25);font:15px/1.45 system-ui,sans-serif;text-align:left";
      document.body.appendChild(el);
    }
    el.replaceChildren();
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "\u00d7";
    close.setAttribute("aria-label", "Hide until the next build");
    close.style.cssText = "float:right;font:inherit;font-size:1.4rem;line-height:1;border:0;background:none;cursor:pointer";
    close.onclick = function () { el.remove(); };
    var h = document.createElement("strong");
    h.style.cssText = "display:block;color:#b00020;margin-bottom:.4rem";
    h.textContent = "The last build failed with " + errs.length + (errs.length === 1 ? " problem" : " problems") +
      ". The page shows the last good build; fix and save to clear this.";
    var ul = document.createElement("ul");
    ul.style.cssText = "margin:0;padding-left:1.2rem";
    errs.forEach(function (p) {
      var li = document.createElement("li");
      li.className = "frontier-problem";
      var code = document.createElement("code");
      code.style.cssText = "font:13px/1.4 ui-monospace,monospace;background:#fde2e2;padding:0 .25rem";
      code.textContent = where(p);
      li.appendChild(code);
      li.appendChild(document.createTextNode(" " + p.msg));
      ul.appendChild(li);
    });
    el.append(close, h, ul);
  }

  // pageDir is the chart page's folder ("/repo/model/seq/"), "" on any other page.
  function pageDir() {
    if (!window.frontierChartPage || !document.getElementById("page-data")) {
      return "";
    }
    var dir = decode(location.pathname);
    dir = dir.slice(0, dir.lastIndexOf("/") + 1);
    return /\/embed\/$/.test(dir) ? dir.slice(0, -"embed/".length) : dir;
  }

  // inPlace reports whether a build changed only the open chart page's data: its page.json
  // changed, and of what the page loaded only its own HTML (and the page.json an earlier
  // update fetched) did.
  function inPlace(changed, touched) {
    var dir = pageDir();
    var own = decode(location.pathname);
    own = own.charAt(own.length - 1) === "/" ? own + "index.html" : own;
    return dir !== "" && changed.indexOf(dir + "page.json") >= 0 &&
      touched.every(function (p) { return p === own || p === dir + "page.json"; });
  }

  // update hands the new page.json to the page script, with every column (withEveryColumn);
  // anything wrong reloads instead.
  function update(build) {
    var url = new URL(pageDir() + "page.json", location.href);
    fetch(url, { cache: "no-store" }).then(function (res) {
      if (!res.ok) {
        throw new Error(res.status);
      }
      return res.json();
    }).then(function (page) {
      return withEveryColumn(page, url);
    }).then(function (page) {
      window.frontierChartPage.update(page);
      shown = build;
    }).catch(reload);
  }

  // withEveryColumn fills page.json's points in with the columns it leaves to the gzipped
  // files beside it (rest: a page with history; later: the column chooser's), each
  // {"cols", "series"}: per series, per point, the values of its cols. The page script then
  // takes the page whole, as it took it before page.json left them out.
  function withEveryColumn(page, url) {
    var refs = [page.rest, page.later].filter(Boolean);
    return Promise.all(refs.map(function (ref) {
      return fetch(new URL(ref.file, url), { cache: "no-store" }).then(function (res) {
        if (!res.ok) {
          throw new Error(res.status);
        }
        return new Response(res.body.pipeThrough(new DecompressionStream("gzip"))).json();
      });
    })).then(function (files) {
      files.forEach(function (f) {
        var at = f.cols.map(function (c) { return page.cols.indexOf(c); });
        page.series.forEach(function (s, i) {
          s.points.forEach(function (pt, j) {
            at.forEach(function (col, k) { pt[col] = f.series[i][j][k]; });
          });
        });
      });
      delete page.rest;
      delete page.later;
      return page;
    });
  }

  function on(es, name, fn) {
    es.addEventListener(name, function (ev) {
      var m;
      try {
        m = JSON.parse(ev.data);
      } catch (e) {
        return;
      }
      fn(m);
    });
  }

  function connect() {
    var es = new EventSource(base + "__frontier/events");
    on(es, "hello", function (m) {
      if (errorPage) {
        if (m.build) {
          reload(); // the site has built since this page was served
        }
        return;
      }
      if (m.build !== shown) {
        reload();
        return;
      }
      overlay(m.problems);
    });
    on(es, "build", function (m) {
      if (errorPage || m.all) {
        reload();
        return;
      }
      overlay([]);
      var own = mine();
      var changed = m.changed || [];
      var touched = changed.filter(function (p) { return own[p]; });
      if (!touched.length) {
        shown = m.build;
        return;
      }
      if (inPlace(changed, touched)) {
        update(m.build);
        return;
      }
      reload();
    });
    on(es, "problems", function (m) {
      if (errorPage) {
        reload(); // the server renders the new list
        return;
      }
      overlay(m.problems);
    });
    es.onerror = function () {
      // EventSource retries by itself while it can; when it gives up (the server answered
      // with an error while restarting), start over.
      if (es.readyState === EventSource.CLOSED) {
        setTimeout(connect, 1000);
      }
    };
  }

  if (document.body) {
    connect();
  } else {
    document.addEventListener("DOMContentLoaded", connect);
  }
})();
