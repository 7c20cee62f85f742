package lit

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
)

// ToolAliases maps extra command names to a built cmd/<name> binary; LLVM
// spells FileCheck with capitals, sp's binary is cmd/filecheck.
var ToolAliases = map[string]string{"FileCheck": "filecheck"}

// RequiredTools are the names that RUN lines may use and that must map to
// the project's own binaries. A missing cmd/<name> package becomes a Tool
// whose Err says so, rather than a silent fall-back to PATH.
var RequiredTools = []string{"sp-opt", "sp-run", "filecheck", "FileCheck"}

// FileCheckOverrideEnv names an environment variable that, when set, maps
// FileCheck and filecheck to the given executable instead of cmd/filecheck
// (e.g. /usr/bin/FileCheck-14, to validate test files against LLVM).
const FileCheckOverrideEnv = "SP_LIT_FILECHECK"

// ModuleRoot returns the directory of the main module's go.mod, found with
// "go env GOMOD" from dir.
func ModuleRoot(ctx context.Context, dir string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "env", "GOMOD")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", fmt.Errorf("%s is not inside a Go module", dir)
	}
	return filepath.Dir(mod), nil
}

// BuildTools builds every main package directly under root/cmd into outDir
// with one "go build -o outDir" (falling back to one build per package when
// that fails, so a broken tool only breaks the tests that run it) and
// returns the tool map: cmd/<name> → <name>, plus ToolAliases and an entry
// with an Err for each RequiredTools name that has no package.
func BuildTools(ctx context.Context, root, outDir string) (map[string]Tool, error) {
	pkgs, err := mainPackages(ctx, root)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(outDir, 0o777); err != nil {
		return nil, err
	}
	tools := map[string]Tool{}
	if len(pkgs) > 0 {
		if _, err := goBuild(ctx, root, outDir, pkgs...); err != nil {
			for _, p := range pkgs {
				if msg, err := goBuild(ctx, root, outDir, p); err != nil {
					tools[path.Base(p)] = Tool{Err: fmt.Errorf("go build %s failed:\n%s", p, msg)}
				}
			}
		}
	}
	for _, p := range pkgs {
		name := path.Base(p)
		if _, failed := tools[name]; !failed {
			tools[name] = Tool{Path: filepath.Join(outDir, name)}
		}
	}
	for alias, name := range ToolAliases {
		if t, ok := tools[name]; ok {
			tools[alias] = t
		}
	}
	if fc := os.Getenv(FileCheckOverrideEnv); fc != "" {
		tools["filecheck"], tools["FileCheck"] = Tool{Path: fc}, Tool{Path: fc}
	}
	for _, name := range RequiredTools {
		if _, ok := tools[name]; !ok {
			target := name
			if a, ok := ToolAliases[name]; ok {
				target = a
			}
			tools[name] = Tool{Err: fmt.Errorf("no main package at cmd/%s in %s", target, root)}
		}
	}
	return tools, nil
}

// mainPackages lists the import paths ("./cmd/x") of the main packages in
// the immediate subdirectories of root/cmd. Directories without Go files or
// with a non-main package are skipped.
func mainPackages(ctx context.Context, root string) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(root, "cmd"))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var pkgs []string
	for _, e := range entries {
		if e.IsDir() {
			pkgs = append(pkgs, "./cmd/"+e.Name())
		}
	}
	if len(pkgs) == 0 {
		return nil, nil
	}
	cmd := exec.CommandContext(ctx, "go", append([]string{"list", "-e", "-f", "{{.Name}} {{.ImportPath}}"}, pkgs...)...)
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list ./cmd/...: %v\n%s", err, stderr.String())
	}
	var mains []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		name, imp, ok := strings.Cut(line, " ")
		if ok && name == "main" {
			mains = append(mains, "./cmd/"+path.Base(imp))
		}
	}
	return mains, nil
}

func goBuild(ctx context.Context, root, outDir string, pkgs ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", append([]string{"build", "-o", outDir + string(filepath.Separator)}, pkgs...)...)
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	return string(out), err
}
