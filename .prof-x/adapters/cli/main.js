import { Command, CommanderError } from 'commander';
import { registerCwnbCommands } from "./cwnb.js";
import { registerSmpCommands } from "./smp.js";
/** Build the `wardroom` command line. Each rules module adds its own commands. */
export function buildProgram() {
    const program = new Command('wardroom')
        .description('Wardroom: a digital referee for tabletop wargame campaigns')
        .exitOverride();
    registerCwnbCommands(program);
    registerSmpCommands(program);
    return program;
}
export async function main(argv) {
    try {
        await buildProgram().parseAsync(argv);
        return typeof process.exitCode === 'number' ? process.exitCode : 0;
    }
    catch (e) {
        if (e instanceof CommanderError)
            return e.exitCode;
        throw e;
    }
}
