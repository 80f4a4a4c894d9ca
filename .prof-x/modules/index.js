import { cwnb } from "./cwnb/index.js";
import { smpModule } from "./smp/index.js";
/** Every rules module, by the id a game file names. */
export const MODULES = {
    [cwnb.id]: cwnb,
    [smpModule.id]: smpModule,
};
