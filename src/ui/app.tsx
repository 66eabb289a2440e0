/**
 * The app's root view. The routed shell (TanStack Router, locales, session and dialog machines) replaces this
 * in the app shell issue; until then the server serves this page for every client route.
 */
export function App() {
  return (
    <main style={{ maxInlineSize: '40rem', marginInline: 'auto', padding: '2rem 1rem', fontFamily: 'system-ui, sans-serif' }}>
      <h1>Venuely</h1>
      <p>Venues and hosts in your city, in your language.</p>
    </main>
  );
}
