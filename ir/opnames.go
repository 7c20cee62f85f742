package ir

// ModuleOpName is the op the parser wraps top-level operations in and the
// printer prints without its generic form (dialect/builtin defines it;
// the name is here because ir imports no dialect).
const ModuleOpName = "builtin.module"
