// Follows an event page: asks the server every few seconds whether the page has changed
// (a conditional GET with the page's ETag: a 304 costs the server a cache read) and, when it
// has, swaps the page's main content and "updated at" mark in place, keeping the reader's
// scroll position and focus. Without JavaScript the page is a plain page.
(function () {
  "use strict";

  var mark = document.querySelector("[data-live]");
  var main = document.getElementById("main");
  if (!mark || !main || !window.fetch || !window.DOMParser) {
    return;
  }
  var seconds = Math.max(1, parseInt(mark.getAttribute("data-live"), 10) || 5);
  var etag = mark.getAttribute("data-etag") || "";
  var checkedLabel = mark.getAttribute("data-checked") || "";
  var timer = null;
  var busy = false;

  function clock(date) {
    var lang = document.documentElement.lang || undefined;
    return date.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false });
  }

  function checked(ok) {
    mark.title = checkedLabel + " " + clock(new Date());
    mark.classList.toggle("live-stale", !ok);
  }

  // A control of the page in use (a select being chosen, a field being typed in): the swap
  // waits for the next check rather than pull it from under the reader.
  function inUse() {
    var active = document.activeElement;
    return active && main.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName);
  }

  function swap(html) {
    var next = new DOMParser().parseFromString(html, "text/html");
    var nextMain = next.getElementById("main");
    var nextMark = next.querySelector("[data-live]");
    if (!nextMain) {
      return;
    }
    var x = window.scrollX;
    var y = window.scrollY;
    main.replaceChildren.apply(main, Array.prototype.slice.call(nextMain.childNodes));
    if (nextMark) {
      mark.replaceChildren.apply(mark, Array.prototype.slice.call(nextMark.childNodes));
    }
    if (next.title) {
      document.title = next.title;
    }
    window.scrollTo(x, y);
    document.dispatchEvent(new CustomEvent("damier:updated"));
  }

  function schedule(delay) {
    window.clearTimeout(timer);
    // Up to 20 % jitter: followers who opened the page together do not ask together.
    timer = window.setTimeout(check, delay * (1 + Math.random() * 0.2) * 1000);
  }

  function check() {
    if (busy || document.hidden) {
      return;
    }
    if (inUse()) {
      schedule(seconds);
      return;
    }
    busy = true;
    var headers = { "X-Requested-With": "live" };
    if (etag) {
      headers["If-None-Match"] = etag;
    }
    var next = seconds;
    fetch(window.location.href, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 304) {
          // Retry-After: the new page is being prepared; ask again sooner.
          var retry = parseInt(response.headers.get("Retry-After"), 10);
          if (retry > 0 && retry < seconds) {
            next = retry;
          }
          checked(true);
          return null;
        }
        if (!response.ok) {
          throw new Error(String(response.status));
        }
        etag = response.headers.get("ETag") || "";
        return response.text().then(function (html) {
          swap(html);
          checked(true);
        });
      })
      .catch(function () {
        checked(false);
      })
      .then(function () {
        busy = false;
        schedule(next);
      });
  }

  // A hidden tab does not ask; it asks at once when it is shown again.
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) {
      schedule(0);
    }
  });
  schedule(seconds);
})();
