import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { HomePage } from '../routes/home';
import { Layout } from './layout';

// The home page is in the first bundle; every other page loads when visited.
const NotFoundPage = lazy(() =>
  import('../routes/not-found').then((m) => ({ default: m.NotFoundPage })),
);

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<HomePage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
