import type { RulesModule } from '../engine/module.ts';
import { cwnb } from './cwnb/index.ts';
import { smpModule } from './smp/index.ts';

/** Every rules module, by the id a game file names. */
export const MODULES: Record<string, RulesModule<any, any>> = {
  [cwnb.id]: cwnb,
  [smpModule.id]: smpModule,
};
