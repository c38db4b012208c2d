import type { ReactNode } from "react";

export const metadata = { title: "Wikiloom", description: "A browser-first wiki platform" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
