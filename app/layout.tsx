import type { Metadata } from "next";
import { headers } from "next/headers";
import "./globals.css";
import { NavBar } from "@/components/layout/NavBar";
import { identityFromHeaders } from "@/lib/auth/requestIdentity";

export const metadata: Metadata = {
  title: "Plateau",
  description: "Play, record, replay and compare interactive coding episodes",
  // A PNG in an .ico: an SVG icon is drawn by a document of its own on the page's thread (3–10 ms of a
  // live episode's reload, measured), a PNG off it.
  icons: { icon: [{ url: "/favicon.ico", sizes: "32x32" }] },
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const who = identityFromHeaders(await headers());
  return (
    <html lang="en">
      <body>
        <NavBar who={who} />
        {children}
      </body>
    </html>
  );
}
