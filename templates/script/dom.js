// element builds DOM nodes: attrs sets attributes ("text" the text content; true an empty
// attribute; false and null none), children are nodes or strings (as text), null skipped.
// Text from the data reaches the DOM as text nodes, never as markup.
export function element(tag, attrs, children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "text") node.textContent = value;
    else if (value === true) node.setAttribute(key, "");
    else if (value !== false && value != null) node.setAttribute(key, value);
  }
  for (const child of children || []) {
    if (child) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

// A menu of many options (a year of snapshot dates is 365) is hundreds of elements a page
// would make, style and lay out at load for a list most readers never open: on a year-scale
// page three of them were most of its elements and of its script's time. lazyOptions keeps
// only the option a select shows, and gives it the whole list when a reader first reaches for
// it (focus, a press, a key), before the list opens; fillOptions gives it at once, for a
// script that sets the select's value or reads its options. The list waiting is the select's
// frontierOptions (null once given).
const REACH = ["focus", "pointerdown", "mousedown", "touchstart", "keydown"];

// lazyOptions makes select show the option shown ([value, label]) and hold list (a function
// returning every [value, label] pair, shown's among them) until it is reached. Called again,
// it replaces the list, to be filled again when next reached.
export function lazyOptions(select, shown, list) {
  if (select.frontierOptions === undefined) {
    for (const type of REACH) select.addEventListener(type, () => fillOptions(select), { passive: true });
  }
  select.frontierOptions = list;
  select.textContent = "";
  select.appendChild(element("option", { value: shown[0], text: shown[1] }));
  select.value = shown[0];
}

// fillOptions gives select the whole list lazyOptions holds for it, once, keeping its value;
// on a select with no list waiting it does nothing.
export function fillOptions(select) {
  const list = select.frontierOptions;
  if (!list) return;
  select.frontierOptions = null;
  const value = select.value;
  select.textContent = "";
  for (const [v, label] of list()) select.appendChild(element("option", { value: v, text: label }));
  select.value = value;
}

// setSelectValue sets a select's value, its whole list given first when the value is not
// among the options it holds yet.
export function setSelectValue(select, value) {
  if (!Array.from(select.options).some((o) => o.value === value)) fillOptions(select);
  select.value = value;
}
