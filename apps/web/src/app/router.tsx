import { createBrowserRouter } from 'react-router';
import { HomePage } from '../routes/home';
import { Layout } from './layout';

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [{ path: '/', element: <HomePage /> }],
  },
]);
