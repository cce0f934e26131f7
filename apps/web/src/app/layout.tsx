import { Link, Outlet } from 'react-router';

export function Layout() {
  return (
    <>
      <header className="border-b border-black/5 bg-white">
        <div className="mx-auto flex max-w-7xl items-center px-4 py-4 sm:px-6">
          <Link to="/" className="font-display text-2xl tracking-wide text-maroon-700">
            Pehnava
          </Link>
        </div>
      </header>
      <Outlet />
    </>
  );
}
