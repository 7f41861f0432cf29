/**
 * Stands in for the `source-map` package in the Lambda bundles (the alias in infra/bundling.ts).
 * Only Handlebars' compiler asks for it, inside a try, to map compiled templates back to their
 * source when compiling with a `srcName` option, which Postbox never passes; without it
 * Handlebars uses its own small SourceNode (the one it always uses in browsers), which builds
 * the same code. Saves ~27 KB per bundle that compiles templates.
 */
export {};
