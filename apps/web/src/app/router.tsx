import { createBrowserRouter } from 'react-router';
import { HomePage } from '../routes/home';
import { NotFoundPage } from '../routes/not-found';
import { Layout } from './layout';

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
