package layoutviz

import (
	"fmt"
	"html"
	"io"
	"strings"
)

// WriteText prints the map for a terminal, like triton-tensor-layout: one
// line per tensor row, each element as its holders "T<thread>:<register>"
// (packed registers "T<thread>:r<reg>.lo|hi"), replicas joined by '|'.
func (m *RegMap) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s, %dx%d, %d warps, %d element slots per thread\n", m.Layout, m.Kind, m.Shape[0], m.Shape[1], m.NumWarps, m.RegsPerThread())
	if m.Note != "" {
		fmt.Fprintf(&b, "%s\n", m.Note)
	}
	cells := make([]string, len(m.Elems))
	width := 0
	for i, e := range m.Elems {
		parts := make([]string, len(e))
		for j, s := range e {
			parts[j] = s.String()
		}
		cells[i] = strings.Join(parts, "|")
		width = max(width, len(cells[i]))
	}
	for r := 0; r < m.Shape[0]; r++ {
		fmt.Fprintf(&b, "[%3d] ", r)
		for c := 0; c < m.Shape[1]; c++ {
			fmt.Fprintf(&b, " %-*s", width, cells[r*m.Shape[1]+c])
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteText prints the tile's banks (one number per element) and, per
// load, each phase's lanes with their banks and the conflicts.
func (bm *BankMap) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\nbank of each element (4-byte words, 32 banks):\n", bm.Title)
	for r := 0; r < bm.Tile[0]; r++ {
		fmt.Fprintf(&b, "[%3d]", r)
		for c := 0; c < bm.Tile[1]; c++ {
			fmt.Fprintf(&b, " %2d", bm.ElemBank[r*bm.Tile[1]+c])
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "%d loads, %d bank conflicts (extra wavefronts) in all\n", len(bm.Loads), bm.TotalConflicts())
	for _, ld := range bm.Loads {
		fmt.Fprintf(&b, "%s: %d wavefronts, %d conflicts\n", ld.What, ld.Wavefronts, ld.Conflicts)
		per := 128 / ld.Bytes
		for _, ph := range phasesOf(ld) {
			fmt.Fprintf(&b, "  phase %d:", ph[0].Lane/per)
			for _, a := range ph {
				fmt.Fprintf(&b, " L%d(%d,%d)->b%d", a.Lane, a.Row, a.Col, a.FirstBank())
				if ld.Bytes > 4 {
					fmt.Fprintf(&b, "-%d", a.FirstBank()+ld.Bytes/4-1)
				}
			}
			b.WriteString("\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// phasesOf splits a load's lanes into the phases of the bank model:
// 128/Bytes consecutive lanes each.
func phasesOf(ld BankLoad) [][]LaneAccess {
	per := 128 / ld.Bytes
	byPhase := map[int][]LaneAccess{}
	var order []int
	for _, a := range ld.Lanes {
		p := a.Lane / per
		if _, ok := byPhase[p]; !ok {
			order = append(order, p)
		}
		byPhase[p] = append(byPhase[p], a)
	}
	out := make([][]LaneAccess, len(order))
	for i, p := range order {
		out[i] = byPhase[p]
	}
	return out
}

// threadColor: hue by warp, lightness by lane, so a warp reads as one band
// of colour and neighbouring lanes stay distinguishable.
func threadColor(thread, numWarps int) string {
	warp, lane := thread/32, thread%32
	hue := (warp * 360 / max(1, numWarps)) % 360
	if numWarps <= 2 {
		hue = []int{210, 30}[warp%2]
	}
	light := 42 + (lane%8)*5 + (lane/8)%2*3
	sat := 70 - (lane/16)*20
	return fmt.Sprintf("hsl(%d,%d%%,%d%%)", hue, sat, light)
}

// bankColor gives the 32 banks 32 distinguishable colours.
func bankColor(bank int) string {
	hue := (bank * 360 / 8) % 360
	light := 52 + (bank/8)*9
	return fmt.Sprintf("hsl(%d,65%%,%d%%)", hue+(bank/8)*11, light)
}

const svgFont = `font-family="DejaVu Sans Mono,monospace"`

// SVG draws the element grid: each cell coloured by the thread holding it
// (hue = warp, shade = lane) and labelled with its first holder; hovering
// shows every holder. Row and column indices run along the edges.
func (m *RegMap) SVG() string {
	// Wide enough for the longest label at 9px monospace (5.5px a glyph).
	longest := 0
	for _, e := range m.Elems {
		l := len(shortSlot(e[0]))
		if len(e) > 1 {
			l += len(fmt.Sprintf("+%d", len(e)-1))
		}
		longest = max(longest, l)
	}
	cw, ch := max(30, longest*11/2+6), 18
	if m.Shape[1] > 64 {
		cw = 26
	}
	left, top := 40, 60
	W, H := left+cw*m.Shape[1]+10, top+ch*m.Shape[0]+60
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" %s font-size="9">`, W, H, W, H, svgFont)
	b.WriteString("\n")
	fmt.Fprintf(&b, `<text x="4" y="16" font-size="13" font-weight="bold">%s</text>`, html.EscapeString(fmt.Sprintf("%s — %dx%d, %d warps", m.Kind, m.Shape[0], m.Shape[1], m.NumWarps)))
	fmt.Fprintf(&b, `<text x="4" y="32" font-size="10">%s</text>`, html.EscapeString(m.Layout))
	fmt.Fprintf(&b, `<text x="4" y="46" font-size="10" fill="#444">cell: T&lt;thread&gt;:&lt;register&gt; of the first holder (+n: replicas); colour: hue = warp, shade = lane</text>`)
	b.WriteString("\n")
	for c := 0; c < m.Shape[1]; c++ {
		if m.Shape[1] <= 16 || c%8 == 0 {
			fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#666">%d</text>`, left+c*cw+2, top-3, c)
		}
	}
	for r := 0; r < m.Shape[0]; r++ {
		if m.Shape[0] <= 32 || r%8 == 0 {
			fmt.Fprintf(&b, `<text x="2" y="%d" fill="#666">%d</text>`, top+r*ch+12, r)
		}
		for c := 0; c < m.Shape[1]; c++ {
			e := m.At(r, c)
			x, y := left+c*cw, top+r*ch
			var tip []string
			for _, s := range e {
				tip = append(tip, fmt.Sprintf("%s (warp %d lane %d)", s, s.Warp(), s.Lane()))
			}
			fmt.Fprintf(&b, `<g><title>(%d, %d): %s</title><rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#fff" stroke-width="0.5"/>`,
				r, c, html.EscapeString(strings.Join(tip, "; ")), x, y, cw, ch, threadColor(e[0].Thread, m.NumWarps))
			label := shortSlot(e[0])
			if len(e) > 1 {
				label += fmt.Sprintf("+%d", len(e)-1)
			}
			if m.Shape[1] <= 64 {
				fmt.Fprintf(&b, `<text x="%d" y="%d">%s</text>`, x+2, y+12, html.EscapeString(label))
			}
			b.WriteString("</g>\n")
		}
	}
	// Legend: one swatch per warp (lane 0 shade).
	ly := top + ch*m.Shape[0] + 20
	for w := 0; w < m.NumWarps; w++ {
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="14" height="14" fill="%s"/><text x="%d" y="%d" font-size="10">warp %d</text>`,
			left+w*70, ly, threadColor(32*w, m.NumWarps), left+w*70+18, ly+11, w)
	}
	b.WriteString("\n</svg>\n")
	return b.String()
}

func shortSlot(s Slot) string {
	switch s.Half {
	case 0:
		return fmt.Sprintf("T%d:%d.l", s.Thread, s.Reg)
	case 1:
		return fmt.Sprintf("T%d:%d.h", s.Thread, s.Reg)
	}
	return fmt.Sprintf("T%d:%d", s.Thread, s.Reg)
}

// TileSVG draws the operand tile with each element coloured and labelled by
// the bank of its first byte: the swizzle shows as the pattern of colours.
func (bm *BankMap) TileSVG() string {
	cw, ch := 20, 16
	left, top := 40, 50
	W, H := left+cw*bm.Tile[1]+10, top+ch*bm.Tile[0]+10
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" %s font-size="8">`, W, H, W, H, svgFont)
	fmt.Fprintf(&b, `<text x="4" y="16" font-size="13" font-weight="bold">%s</text>`, html.EscapeString(bm.Title))
	fmt.Fprintf(&b, `<text x="4" y="32" font-size="10" fill="#444">cell: the bank (0-31) of the element's 4-byte word; colour by bank</text>`+"\n")
	for c := 0; c < bm.Tile[1]; c += 8 {
		fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#666">%d</text>`, left+c*cw+2, top-3, c)
	}
	for r := 0; r < bm.Tile[0]; r++ {
		if bm.Tile[0] <= 32 || r%8 == 0 {
			fmt.Fprintf(&b, `<text x="2" y="%d" fill="#666">%d</text>`, top+r*ch+11, r)
		}
		for c := 0; c < bm.Tile[1]; c++ {
			bank := bm.ElemBank[r*bm.Tile[1]+c]
			fmt.Fprintf(&b, `<g><title>(%d, %d): bank %d</title><rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#fff" stroke-width="0.5"/><text x="%d" y="%d">%d</text></g>`+"\n",
				r, c, bank, left+c*cw, top+r*ch, cw, ch, bankColor(bank), left+c*cw+3, top+r*ch+11, bank)
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// LoadSVG draws one load: 32 bank columns, one row per phase; a cell lists
// the lanes whose access covers that bank. A bank holding two or more
// distinct words in one phase (a conflict) is red.
func (ld BankLoad) LoadSVG() string {
	cw, ch := 30, 34
	left, top := 56, 40
	phases := phasesOf(ld)
	W, H := left+cw*32+10, top+ch*len(phases)+10
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" %s font-size="8">`, W, H, W, H, svgFont)
	fmt.Fprintf(&b, `<text x="4" y="14" font-size="12" font-weight="bold">%s</text>`, html.EscapeString(fmt.Sprintf("%s: %d wavefronts, %d conflicts", ld.What, ld.Wavefronts, ld.Conflicts)))
	b.WriteString("\n")
	for k := 0; k < 32; k++ {
		fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#666">b%d</text>`, left+k*cw+4, top-4, k)
	}
	per := 128 / ld.Bytes
	for i, ph := range phases {
		y := top + i*ch
		fmt.Fprintf(&b, `<text x="2" y="%d" font-size="9">phase %d</text>`, y+14, ph[0].Lane/per)
		lanes := make([][]string, 32)
		words := make([]map[int]bool, 32)
		for _, a := range ph {
			for wd := a.Addr / 4; wd < (a.Addr+ld.Bytes)/4; wd++ {
				bank := wd % 32
				if words[bank] == nil {
					words[bank] = map[int]bool{}
				}
				words[bank][wd] = true
				lanes[bank] = append(lanes[bank], fmt.Sprintf("L%d", a.Lane))
			}
		}
		for k := 0; k < 32; k++ {
			fill := "#f4f4f4"
			switch n := len(words[k]); {
			case n > 1:
				fill = "#ff8a80"
			case n == 1:
				fill = "#b9f6ca"
			}
			tip := fmt.Sprintf("bank %d: lanes %s, %d distinct words", k, strings.Join(lanes[k], " "), len(words[k]))
			fmt.Fprintf(&b, `<g><title>%s</title><rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#999" stroke-width="0.5"/>`, html.EscapeString(tip), left+k*cw, y, cw, ch, fill)
			for j, l := range lanes[k] {
				if j == 2 && len(lanes[k]) > 3 {
					l = fmt.Sprintf("+%d", len(lanes[k])-2)
				}
				if j < 3 {
					fmt.Fprintf(&b, `<text x="%d" y="%d">%s</text>`, left+k*cw+2, y+10+j*10, l)
				}
			}
			b.WriteString("</g>\n")
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}
