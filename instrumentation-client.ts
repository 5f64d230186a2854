// Run by Next.js in the browser before it hydrates the page.
import { preloadTerminal } from "@/components/play/terminalCode";

// A live episode's page loaded as a document: xterm's code downloads and the terminal's connection
// opens now (connectEarly), not once the framework has evaluated the page's own scripts. The
// connection's code is imported only then: other pages load none of it.
const episode = window.__plateauEarlyEpisode;
if (episode) {
  preloadTerminal();
  void import("@/components/play/liveConnection").then(({ connectEarly }) => connectEarly(episode));
}
