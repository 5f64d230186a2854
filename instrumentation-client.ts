// Run by Next.js in the browser before it hydrates the page.
import { preloadTerminal } from "@/components/play/terminalCode";
import { connectEarly } from "@/components/play/liveConnection";

// A live episode's page loaded as a document: xterm's code downloads and the terminal's connection
// opens now, not once the framework has evaluated the page's own module. socket.io's client is among
// the page's first scripts (already in, or on its way): other pages never load it.
const episode = window.__plateauEarlyEpisode;
if (episode) {
  preloadTerminal();
  void import("socket.io-client").then(({ io }) => connectEarly(io, episode));
}
