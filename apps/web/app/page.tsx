export default function Home() {
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: "40rem", margin: "3rem auto", lineHeight: 1.5 }}>
      <h1>Wikiloom</h1>
      <p>A browser-first wiki platform. Its interfaces:</p>
      <ul>
        <li>
          Action API: <a href="/w/api.php?action=query&amp;meta=siteinfo&amp;format=json&amp;formatversion=2">/w/api.php</a>
        </li>
        <li>REST API: /w/rest.php/…</li>
      </ul>
    </main>
  );
}
