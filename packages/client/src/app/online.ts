// Whether the browser believes it is online; views switch between the server and the local copy.
import { useEffect, useState } from "preact/hooks";

export function isOnline(): boolean {
  return navigator.onLine;
}

export function useOnline(): boolean {
  const [online, setOnline] = useState(isOnline());
  useEffect(() => {
    const update = () => setOnline(isOnline());
    addEventListener("online", update);
    addEventListener("offline", update);
    return () => {
      removeEventListener("online", update);
      removeEventListener("offline", update);
    };
  }, []);
  return online;
}
