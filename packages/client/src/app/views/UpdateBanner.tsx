/** @jsxImportSource preact */
import type { UpdateOffer } from "../service-worker.js";

export function UpdateBanner({ offer }: { offer: UpdateOffer | null }) {
  if (!offer) return null;
  return (
    <div class="banner" role="status">
      A new version of Wikiloom is ready. <button type="button" onClick={() => offer.apply()}>Reload to update</button>
    </div>
  );
}
