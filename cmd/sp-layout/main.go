// Command sp-layout draws TritonGPU layouts, like Triton's
// triton-tensor-layout: which thread and register hold each element of a
// tensor (blocked, slice, nvidia_mma v2/v3, dot_op with meta -1/0/1), and,
// for a dot operand in shared memory, which bank each lane of each load
// touches, with the conflicts counted by passes/encoding/swizzle's
// simulation. Output is text (default), SVG or HTML. With -i it draws every
// layout of a TritonGPU module into a directory, as sp-opt --dump-layouts.
//
//	sp-layout -t 'tensor<64x64xf32>' '#triton_gpu.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>'
//	sp-layout --shared '#triton_gpu.shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>' -t 'tensor<64x32xf16>' --format html -o a.html '<dot_op layout>'
//	sp-layout -i kernel.ttgir -o layouts/
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sparsetriton/sp/dialect/all"
	"github.com/sparsetriton/sp/dialect/tt"
	"github.com/sparsetriton/sp/dialect/ttgpu"
	"github.com/sparsetriton/sp/internal/atomicfile"
	"github.com/sparsetriton/sp/ir"
	"github.com/sparsetriton/sp/layoutviz"
	"github.com/sparsetriton/sp/parser"
	"github.com/urfave/cli/v2"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	tensor, shared, format, output, input string
	numWarps                              int
}

func run(args []string, stdout, stderr io.Writer) int {
	o := &options{}
	app := &cli.App{
		Name:      "sp-layout",
		Usage:     "draw which thread and register hold each tensor element, and the shared-memory banks of dot operands",
		UsageText: "sp-layout -t 'tensor<SHAPE x T>' [--shared '<#shared>'] [--format text|svg|html] [-o FILE] '<layout>'\n   sp-layout -i kernel.mlir -o DIR",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "tensor", Aliases: []string{"t"}, Usage: "the tensor type without encoding, e.g. `tensor<64x64xf16>`", Destination: &o.tensor},
			&cli.StringFlag{Name: "shared", Usage: "draw the banks of a dot operand stored in this shared `LAYOUT` (the positional layout must be a dot_op)", Destination: &o.shared},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text, svg or html", Destination: &o.format},
			&cli.StringFlag{Name: "o", Value: "-", Usage: "output `FILE` (- for stdout); with -i a directory", Destination: &o.output},
			&cli.IntFlag{Name: "num-warps", Usage: "warps per CTA (default: from the layout's warpsPerCTA)", Destination: &o.numWarps},
			&cli.StringFlag{Name: "i", Usage: "draw every layout of the TritonGPU module in `FILE` into the -o directory", Destination: &o.input},
		},
		HideHelpCommand: true,
		ExitErrHandler:  func(*cli.Context, error) {},
		OnUsageError:    func(_ *cli.Context, err error, _ bool) error { return err },
	}
	app.Writer, app.ErrWriter = stdout, stderr
	app.Action = func(c *cli.Context) error { return action(o, c.Args().Slice(), stdout) }
	if err := app.Run(append([]string{"sp-layout"}, normalizeArgs(args)...)); err != nil {
		fmt.Fprintf(stderr, "sp-layout: error: %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
		return 1
	}
	return 0
}

func action(o *options, pos []string, stdout io.Writer) error {
	if o.input != "" {
		if len(pos) != 0 || o.output == "-" {
			return errors.New("-i FILE takes no layout argument and needs -o DIR")
		}
		return drawModule(o.input, o.output, stdout)
	}
	if len(pos) != 1 {
		return errors.New("want one layout argument (or -i FILE)")
	}
	if o.tensor == "" {
		return errors.New("-t 'tensor<SHAPE x TYPE>' is required")
	}
	if o.format != "text" && o.format != "svg" && o.format != "html" {
		return fmt.Errorf("--format takes text, svg or html, not %q", o.format)
	}
	t, err := layoutviz.ParseTensor(pos[0], o.tensor)
	if err != nil {
		return err
	}
	it := layoutviz.Item{Key: ir.TypeString(t), Title: ir.TypeString(t)}
	if o.shared != "" {
		dot, ok := t.Encoding.(ttgpu.DotOperandEncoding)
		if !ok || len(t.Shape) != 2 {
			return fmt.Errorf("--shared: the layout must be a 2-D #triton_gpu.dot_op, got %s", ir.AttrString(t.Encoding))
		}
		sh, err := layoutviz.ParseShared(o.shared, o.tensor)
		if err != nil {
			return err
		}
		if it.Banks, err = layoutviz.OperandBanks(dot, sh, [2]int{int(t.Shape[0]), int(t.Shape[1])}, tt.BitWidth(t.Elem)); err != nil {
			return err
		}
		it.Title = "banks: " + it.Banks.Title
	} else {
		nw := o.numWarps
		if nw == 0 {
			if nw = layoutviz.WarpsOf(t.Encoding); nw == 0 {
				return fmt.Errorf("cannot tell the number of warps of %s: give --num-warps", ir.AttrString(t.Encoding))
			}
		}
		if it.Map, err = layoutviz.ThreadMap(t.Encoding, t.Shape, nw); err != nil {
			return err
		}
	}
	var out strings.Builder
	switch {
	case o.format == "html":
		out.WriteString(it.PageHTML())
	case o.format == "svg" && it.Map != nil:
		out.WriteString(it.Map.SVG())
	case o.format == "svg":
		out.WriteString(it.Banks.TileSVG())
	case it.Map != nil:
		_ = it.Map.WriteText(&out)
	default:
		_ = it.Banks.WriteText(&out)
	}
	return writeOut(o.output, out.String(), stdout)
}

func drawModule(file, dir string, stdout io.Writer) error {
	src, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	mod, err := parser.Parse(all.Context(), file, src)
	if err != nil {
		return err
	}
	items, err := layoutviz.Collect(mod)
	if err != nil {
		return fmt.Errorf("%s: %v", file, err)
	}
	index, err := layoutviz.WriteDir(dir, file, items)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "%d layouts: %s\n", len(items), index)
	return err
}

// writeOut writes s to path (stdout for "-") all at once
// (internal/atomicfile): a failure leaves no half-written output.
func writeOut(path, s string, stdout io.Writer) error {
	if path == "-" {
		_, err := io.WriteString(stdout, s)
		return err
	}
	return atomicfile.WriteFile(path, []byte(s), 0o666)
}

// normalizeArgs puts flags before the positional layout (which starts with
// '#', never '-').
func normalizeArgs(args []string) []string {
	value := map[string]bool{"t": true, "tensor": true, "shared": true, "format": true, "o": true, "num-warps": true, "i": true}
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			pos = append(pos, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "-") && a != "-":
			flags = append(flags, a)
			if n := strings.TrimLeft(a, "-"); !strings.Contains(n, "=") && value[n] && i+1 < len(args) {
				flags = append(flags, args[i+1])
				i++
			}
		default:
			pos = append(pos, a)
		}
	}
	if len(pos) == 0 {
		return flags
	}
	return append(append(flags, "--"), pos...)
}
