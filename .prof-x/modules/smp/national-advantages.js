/** Step 10 — Apply National Advantages (document heading "#10. NATIONAL ADVANTAGES", no text). */
import { note } from "./script.js";
export function* nationalAdvantages(ctx) {
    note(ctx, '10 National Advantages: the document gives this heading and no text; nothing to apply (ruling R10-1).', { rule: '10' });
}
