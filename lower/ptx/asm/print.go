package asm

import (
	"strconv"
	"strings"
)

// String prints the module as PTX text.
func (m *Module) String() string {
	var sb strings.Builder
	sb.WriteString("//\n")
	for _, h := range m.Header {
		sb.WriteString("//" + h + "\n")
	}
	sb.WriteString("//\n\n")
	sb.WriteString(".version " + m.Version + "\n")
	sb.WriteString(".target " + m.Target + "\n")
	sb.WriteString(".address_size " + strconv.Itoa(m.AddressSize) + "\n")
	declared := map[*Global]bool{}
	for _, e := range m.Entries {
		sb.WriteString("\n")
		for _, g := range e.Globals {
			if !declared[g] {
				declared[g] = true
				g.write(&sb)
			}
		}
		e.write(&sb)
	}
	return sb.String()
}

func (g *Global) write(sb *strings.Builder) {
	sb.WriteString(g.Decl + " " + string(g.Name))
	if g.Array {
		sb.WriteString("[]")
	}
	sb.WriteString(";\n\n")
}

func (e *Entry) write(sb *strings.Builder) {
	if e.Comment != "" {
		sb.WriteString("// " + e.Comment + "\n")
	}
	sb.WriteString(".visible .entry " + e.Name + "(\n")
	for i, p := range e.Params {
		if i > 0 {
			sb.WriteString(",\n")
		}
		sb.WriteString("\t.param ." + p.Type + " " + string(p.Name))
	}
	sb.WriteString("\n)\n.maxntid " + strconv.Itoa(e.MaxNTID) + ", 1, 1\n")
	if e.ClusterCTAs > 1 {
		sb.WriteString(".reqnctapercluster " + strconv.Itoa(e.ClusterCTAs) + ", 1, 1\n")
	}
	sb.WriteString("{\n")
	for c := Class(0); c < NumClasses; c++ {
		if n := e.Regs[c]; n > 0 {
			sb.WriteString("\t.reg " + classDecl[c] + " " + classPrefix[c] + "<" + strconv.Itoa(n) + ">;\n")
		}
	}
	sb.WriteString("\n")
	for _, b := range e.Blocks {
		if b.Label != "" {
			sb.WriteString(string(b.Label) + ":\n")
		}
		for _, in := range b.Instrs {
			in.write(sb)
		}
	}
	sb.WriteString("}\n")
}

func (in *Instr) write(sb *strings.Builder) {
	sb.WriteByte('\t')
	if g := in.Guard; g != nil {
		sb.WriteByte('@')
		if g.Neg {
			sb.WriteByte('!')
		}
		g.Reg.write(sb)
		sb.WriteByte(' ')
	}
	sb.WriteString(in.Op)
	for i, a := range in.Args {
		if i == 0 {
			sb.WriteByte(' ')
		} else {
			sb.WriteString(", ")
		}
		a.write(sb)
	}
	sb.WriteString(";\n")
}

// String prints one instruction (without the leading tab and newline).
func (in *Instr) String() string {
	var sb strings.Builder
	in.write(&sb)
	s := sb.String()
	return s[1 : len(s)-1]
}
