// Package ptxcheck assembles the PTX that sp's tests emit with the ptxas
// that fits its target, reads ptxas -v's resource report, and disassembles
// the cubin to count the instructions that matter (sparse and dense
// tensor-core ops), so every test that emits PTX checks it the same way.
//
// Toolchains:
//
//   - sm_80, sm_90 (any target without the "a" suffix): the ptxas on PATH,
//     else $SP_CACHE/cuda-11.8/usr/bin/ptxas (SP_CACHE defaults to
//     ~/.cache/sp): CUDA 11.8, PTX ISA <= 7.8, as scripts/install-deps.sh
//     unpacks it.
//   - sm_90a (architecture-specific targets, "a" suffix: wgmma, TMA), and
//     any PTX whose .version is above 7.8 (fp8 mma.sp needs 8.4; FindFor):
//     $SP_PTXAS_SM90A, else $SP_CACHE/cuda-12.4/usr/bin/ptxas: CUDA 12.4,
//     PTX ISA <= 8.4. install-deps prints SP_PTXAS_SM90A and .ci/run
//     exports it.
//   - cuobjdump is the one beside the chosen ptxas, else the one on PATH.
//
// The target is read from the PTX's own .target directive, so a test cannot
// assemble a module for another architecture than the one it declares.
//
// Invariants:
//
//   - A missing tool skips the test, except with CI=true, where it fails
//     (a test never skips silently on CI). SP_PTXAS_SM90A naming a file that
//     is not an executable ptxas always fails: that is a misconfiguration.
//   - The sm_90a toolchain must report CUDA 12 or later (11.8 rejects
//     sm_90a); Find checks `ptxas --version` once per binary.
//   - Check fails the test on any ptxas error; on spill stores or loads and
//     on a stack frame in any kernel (unless Options.AllowSpills); and, for
//     wgmma code, on ptxas's notes that it injected a warpgroup.arrive
//     (C7519) or serialized wgmma.mma_async (C7510-C7520 "are serialized"),
//     which mean the emitted fences or register use are wrong.
//   - Every check logs each entry's registers, spills, stack frame and
//     shared memory, so a test's -v output records the resource use.
//
// The pure functions (Find, Toolchain.Assemble, ParseLog, Report.Problems,
// Toolchain.SASS, Count) return errors; Require, Check, Report.SASSFor and
// ExpectSASS are their testing.TB forms.
package ptxcheck
