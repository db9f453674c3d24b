// The Share button (templates/share.html): the system share sheet (navigator.share) where the
// browser has one; else a small menu, opened and closed by the button (aria-expanded), with
// copy link and X and LinkedIn links built from the page's address as it is now, fragment
// (the view) included. Nothing is loaded from another host: the links are plain navigations.

import { t } from "./i18n.js";

// shareURL is where a share link of kind "x" or "linkedin" goes for a page's url and title;
// any other kind is the url itself.
export function shareURL(kind, url, title) {
  const u = encodeURIComponent(url);
  if (kind === "x") return "https://x.com/intent/tweet?url=" + u + "&text=" + encodeURIComponent(title || "");
  if (kind === "linkedin") return "https://www.linkedin.com/sharing/share-offsite/?url=" + u;
  return url;
}

// initShare wires every .share block of the document.
export function initShare() {
  for (const box of document.querySelectorAll(".share")) wire(box);
}

function wire(box) {
  const toggle = box.querySelector(".share-toggle");
  const menu = box.querySelector(".share-menu");
  if (!toggle || !menu) return;
  const status = box.querySelector(".share-status");
  const say = (text) => {
    if (status) status.textContent = text;
  };
  const links = () => {
    for (const a of menu.querySelectorAll("a[data-share]")) {
      a.href = shareURL(a.getAttribute("data-share"), location.href, document.title);
    }
  };
  const setOpen = (open) => {
    menu.hidden = !open;
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
    menu.classList.remove("share-menu-start");
    if (open) {
      // Anchored at the button's right edge; where that would leave the screen on the
      // left (the button first on a wrapped phone row), at its left edge instead.
      if (menu.getBoundingClientRect().left < 0) menu.classList.add("share-menu-start");
    }
  };
  const openMenu = () => {
    links();
    say("");
    setOpen(true);
    const first = menu.querySelector("button, a");
    if (first) first.focus();
  };
  toggle.addEventListener("click", () => {
    if (!menu.hidden) {
      setOpen(false);
      return;
    }
    if (typeof navigator.share === "function") {
      // The reader's own share sheet; the menu only when the browser refuses (not when the
      // reader cancels it).
      navigator.share({ title: document.title, url: location.href }).catch((err) => {
        if (!err || err.name !== "AbortError") openMenu();
      });
      return;
    }
    openMenu();
  });
  const copy = menu.querySelector('button[data-share="copy"]');
  if (copy) {
    copy.addEventListener("click", () => {
      const failed = () => say(t("share.copyFailed"));
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(location.href).then(() => say(t("share.copied")), failed);
      } else failed();
    });
  }
  box.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !menu.hidden) {
      setOpen(false);
      toggle.focus();
    }
  });
  // Closed by a click or focus anywhere else, as a menu is.
  document.addEventListener("click", (e) => {
    if (!menu.hidden && !box.contains(e.target)) setOpen(false);
  });
  box.addEventListener("focusout", (e) => {
    if (!menu.hidden && e.relatedTarget && !box.contains(e.relatedTarget)) setOpen(false);
  });
  // The view changes the fragment: the open menu's links follow it.
  window.addEventListener("hashchange", () => {
    if (!menu.hidden) links();
  });
}
