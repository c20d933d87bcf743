// Package codeshape holds checks of the project's own source: that a
// newcomer can read each function in about one screen. It has no code of
// its own; its test walks the module.
package codeshape
