// The parser tests' manual edits (`parsoid.changes`): a list of [selector, action, ...args]
// applied to the DOM the way their jQuery-like runner does: attr/removeAttr/addClass/
// removeClass, before/after/append/prepend/html (HTML strings), text, empty, remove, wrap, and
// contents (apply the rest of the change to the matched nodes' children).
import { WText, detach, type WElement, type WNode } from "../../dom/node.js";
import { querySelectorAll } from "./selector.js";
import { parseJsonObject } from "../../util/json-object.js";

/** Parses an HTML fragment, as the content of a `contextName` element, into nodes. */
export type FragmentParser = (html: string, contextName: string) => WNode[];

export type Change = [string, string, ...string[]];

function insertAt(parent: WElement, index: number, nodes: WNode[]): void {
  const ref = parent.children[index] ?? null;
  for (const n of nodes) parent.insertBefore(n, ref);
}

function setText(node: WNode, text: string): void {
  if (node.kind === "element") {
    for (const c of [...node.children]) detach(c);
    if (text !== "") node.appendChild(new WText(text));
  } else node.value = text;
}

function applyAction(nodes: WNode[], action: string, args: string[], parseFragment: FragmentParser): void {
  const arg = args[0] ?? "";
  for (const node of nodes) {
    const el = node.kind === "element" ? node : null;
    const parent = node.parent;
    switch (action) {
      case "attr":
        // data-mw lives on the element as data once the HTML is loaded: an edit replaces that.
        if (el && arg === "data-mw") el.mw = parseJsonObject(args[1] ?? "") ?? {};
        else el?.setAttribute(arg, args[1] ?? "");
        break;
      case "removeAttr":
        el?.removeAttribute(arg);
        break;
      case "addClass": {
        if (!el) break;
        const classes = (el.getAttribute("class") ?? "").split(/\s+/).filter(Boolean);
        if (!classes.includes(arg)) classes.push(arg);
        el.setAttribute("class", classes.join(" "));
        break;
      }
      case "removeClass": {
        if (!el) break;
        const classes = (el.getAttribute("class") ?? "").split(/\s+/).filter((c) => c !== "" && c !== arg);
        if (classes.length > 0) el.setAttribute("class", classes.join(" "));
        else el.removeAttribute("class");
        break;
      }
      case "before":
      case "after": {
        if (!parent) break;
        const index = parent.children.indexOf(node) + (action === "after" ? 1 : 0);
        insertAt(parent, index, parseFragment(arg, parent.name));
        break;
      }
      case "append":
        if (el) for (const n of parseFragment(arg, el.name)) el.appendChild(n);
        break;
      case "prepend":
        if (el) insertAt(el, 0, parseFragment(arg, el.name));
        break;
      case "html":
        if (!el) break;
        for (const c of [...el.children]) detach(c);
        for (const n of parseFragment(arg, el.name)) el.appendChild(n);
        break;
      case "text":
        setText(node, arg);
        break;
      case "empty":
        if (el) for (const c of [...el.children]) detach(c);
        break;
      case "remove":
        detach(node);
        break;
      case "wrap": {
        if (!parent) break;
        const wrapper = parseFragment(arg, parent.name).find((n): n is WElement => n.kind === "element");
        if (!wrapper) break;
        parent.insertBefore(wrapper, node);
        let innermost = wrapper;
        for (;;) {
          const child = innermost.children.find((c): c is WElement => c.kind === "element");
          if (!child) break;
          innermost = child;
        }
        innermost.appendChild(node);
        break;
      }
      default:
        throw new Error(`unsupported change action: ${action}`);
    }
  }
}

export function applyChanges(root: WElement, changes: readonly Change[], parseFragment: FragmentParser): void {
  for (const [selector, action, ...args] of changes) {
    const matched: WNode[] = querySelectorAll(root, selector);
    if (action === "contents") {
      const [inner, ...innerArgs] = args;
      const children = matched.flatMap((el) => (el.kind === "element" ? [...el.children] : []));
      applyAction(children, inner ?? "", innerArgs, parseFragment);
    } else applyAction(matched, action, args, parseFragment);
  }
}
