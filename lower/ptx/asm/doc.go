// Package asm is typed PTX: the values the PTX lowering builds and the
// one printer that turns them into text.
//
//	Module -> Entry (a .visible .entry with params, .maxntid, registers)
//	       -> Block (an optional label and its instructions)
//	       -> Instr (guard, opcode, operands; which operands it defines)
//
// Operands are Go values: registers (Reg: class and number), immediates
// (Imm, FloatImm, HexImm), special registers (Special), symbols (Sym:
// parameters, globals), branch targets (Label), addresses (Addr: [base],
// [base+disp]) and brace groups (Vec: register lists of any length, as
// mma and wgmma accumulators need).
//
// # Invariants
//
//   - An Instr's first Defs operands are the registers it writes (a Vec
//     counts as all of its registers); every other register operand is
//     read. A guarded (@p) instruction also reads its destinations: the
//     old values survive when the guard is false; so does one marked InOut
//     (wgmma's in-place accumulators).
//   - Effect marks instructions that must stay whatever their results:
//     stores, asynchronous copies, barriers, fences, branches, returns.
//     Constructors choose it (Op: no effect, one destination; Eff: an
//     effect, no destination); an instruction with both (atomics, wgmma)
//     sets Effect on an Op.
//   - Registers are virtual; Entry.Regs[c] is the number allocated in
//     class c, declared as .reg <class> %prefix<N>. ptxas allocates.
//   - The printer is the only place that writes PTX text. EliminateDead
//     and any later clean-up work on these values, never on text.
//   - A Global (the dynamic shared buffer) is declared once per module,
//     before the first entry that uses it, so modules may hold several
//     entries.
package asm
