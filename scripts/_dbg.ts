import { startTestPlateau } from "../lib/runtime/testing";
async function main() {
  const t0 = Date.now();
  const p = await startTestPlateau("docker");
  console.log("started", Date.now() - t0);
  await p.close();
  console.log("closed", Date.now() - t0);
}
main();
