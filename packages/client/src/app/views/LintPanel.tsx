/** @jsxImportSource preact */
import type { LintItem } from "@wikiloom/wikitext";

/** Lint problems with their source ranges; choosing one selects that range in the editor. */
export function LintPanel({ items, onSelect }: { items: LintItem[]; onSelect: (start: number, end: number) => void }) {
  return (
    <section class="lint" aria-labelledby="lint-heading">
      <h3 id="lint-heading">Lint ({items.length})</h3>
      {items.length === 0 ? (
        <p class="muted">No problems found.</p>
      ) : (
        <ul>
          {items.map((item, index) => (
            <li key={`${item.type}-${item.dsr[0]}-${index}`}>
              <button type="button" data-lint-type={item.type} onClick={() => onSelect(item.dsr[0], item.dsr[1])}>
                {item.type}
              </button>{" "}
              <span class="muted">
                characters {item.dsr[0]}–{item.dsr[1]}
                {typeof item.params?.name === "string" ? ` (${item.params.name})` : ""}
                {item.templateInfo?.name ? ` in ${item.templateInfo.name}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
