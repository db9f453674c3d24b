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
