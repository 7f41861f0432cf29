/** A file `npm run generate` writes (its path from the repository root) and `-- --check` compares. */
export interface GeneratedFile {
  path: string;
  content: string;
}
