/** @jsxImportSource preact */
import { useEffect, useState } from "preact/hooks";
import { conversionWorker } from "../conversion.js";
import { useOnline } from "../online.js";
import { href, navigate, useRoute, MAIN_PAGE, type Route } from "../router.js";
import { currentUser, logOut, type User } from "../session.js";
import { registerServiceWorker, type UpdateOffer } from "../service-worker.js";
import { synchronise } from "../sync.js";
import { EditView } from "./EditView.js";
import { EventsView } from "./EventsView.js";
import { EventView } from "./EventView.js";
import { LoginView } from "./LoginView.js";
import { PageView } from "./PageView.js";
import { SearchView } from "./SearchView.js";
import { SyncView } from "./SyncView.js";
import { UpdateBanner } from "./UpdateBanner.js";

export function App() {
  const route = useRoute();
  const online = useOnline();
  const [user, setUser] = useState<User | null>(null);
  const [update, setUpdate] = useState<UpdateOffer | null>(null);
  const [syncedAt, setSyncedAt] = useState(0);
  const [syncError, setSyncError] = useState("");

  async function sync() {
    const report = await synchronise();
    setSyncError(report.error && report.error !== "offline" ? report.error : "");
    setSyncedAt(report.at);
  }

  useEffect(() => {
    registerServiceWorker(setUpdate);
    currentUser().then(setUser, () => setUser(null));
    // Start the conversion worker early: its engine is ready for the first preview, and the
    // siteinfo it fetches lands in the service worker's cache for sessions that start offline.
    const warm = setTimeout(() => void conversionWorker().warmUp().catch(() => undefined), 300);
    return () => clearTimeout(warm);
  }, []);
  // Back online (or signed in): send what was queued, then refresh the local copy.
  useEffect(() => {
    if (online) void sync();
  }, [online, user?.id]);

  return (
    <>
      <UpdateBanner offer={update} />
      <header>
        <h1>
          <a href={href({ view: "page", title: MAIN_PAGE })}>Wikiloom</a>
        </h1>
        <nav aria-label="Main">
          <ul>
            <li><a href={href({ view: "page", title: MAIN_PAGE })}>Main page</a></li>
            <li><a href={href({ view: "events" })}>Events</a></li>
            <li><a href={href({ view: "search", config: "" })}>Search</a></li>
            <li><a href={href({ view: "sync" })}>Sync</a></li>
          </ul>
        </nav>
        <p class="status">
          <span data-testid="online-state">{online ? "Online" : "Offline"}</span> ·{" "}
          {user && !user.anonymous ? (
            <>
              <span data-testid="user-name">{user.name}</span>{" "}
              <button type="button" onClick={() => logOut().then(() => currentUser().then(setUser))}>Log out</button>
            </>
          ) : (
            <a href={href({ view: "login" })}>Log in</a>
          )}
        </p>
      </header>
      {syncError && <p class="banner error" role="alert">Sync failed: {syncError}</p>}
      <main>
        {view(route)}
      </main>
    </>
  );

  // A plain function, not a component: the views must keep their state across App's renders.
  function view(route: Route) {
    switch (route.view) {
      case "page":
        return <PageView title={route.title} />;
      case "edit":
        return <EditView title={route.title} />;
      case "login":
        return <LoginView onLogin={(who) => { setUser(who); navigate({ view: "page", title: MAIN_PAGE }); }} />;
      case "events":
        return <EventsView syncedAt={syncedAt} />;
      case "event":
        return <EventView id={route.id} user={user} online={online} />;
      case "search":
        return <SearchView config={route.config} online={online} />;
      case "sync":
        return <SyncView syncedAt={syncedAt} onSync={() => void sync()} />;
    }
  }
}
