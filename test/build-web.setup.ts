// The fast tests serve GET / from the built page (the fuzz test expects it to answer 200, not the
// "not built" 503): build it once before any test file runs, as `npm start` does before serving.
import { buildWeb } from "../web/build.ts";

export default async function setup(): Promise<void> {
  await buildWeb();
}
