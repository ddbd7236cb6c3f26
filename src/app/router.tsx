import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { layoutMessages } from './messages.ts';
import { paths } from '../shared/paths.ts';
import { FullPageSpinner } from '../ui/spinner.tsx';
import { getToken } from '../lib/token-store.ts';
import { ProtectedRoute } from './guards/protected-route.tsx';
import { lazyRoute } from './lazy-route.ts';
// The login page is the first screen of most visits: bundled with the shell, so it renders without
// waiting for one more request. Everything else is split per route.
import LoginPage from './routes/login.tsx';

const layoutRoute = lazyRoute(() => import('./layouts/dashboard-layout.tsx').then((m) => ({ default: m.DashboardLayout })));
const uploadRoute = lazyRoute(() => import('./routes/upload.tsx'));
const documentsRoute = lazyRoute(() => import('./routes/documents.tsx'));
const documentRoute = lazyRoute(() => import('./routes/document.tsx'));
const reviewRoute = lazyRoute(() => import('./routes/review.tsx'));
const dataRoute = lazyRoute(() => import('./routes/data.tsx'));
const usersRoute = lazyRoute(() => import('./routes/users.tsx'));

const UnauthorizedPage = lazy(() => import('./routes/unauthorized.tsx'));
const NotFoundPage = lazy(() => import('./routes/not-found.tsx'));
const DashboardLayout = layoutRoute.Component;
const UploadPage = uploadRoute.Component;
const DocumentsPage = documentsRoute.Component;
const DocumentPage = documentRoute.Component;
const ReviewPage = reviewRoute.Component;
const DataPage = dataRoute.Component;
const UsersPage = usersRoute.Component;

/** Offline, a chunk fails here and again, visibly, when the route renders. */
const quietly = (work: Promise<unknown>): Promise<void> => work.then(() => undefined, () => undefined);

/**
 * A signed-in reload of a dashboard page would otherwise fetch the layout and page chunks only
 * after the session check answers; starting them now (before the first render, with the session
 * check) runs them in parallel, and the screen renders without a fallback once all are in. The data
 * screen's first answers are asked for too: its chunk and the session check are not needed to know
 * which rows the URL names. Resolves when the layout's and the page's chunks are in, and the data
 * screen's answers (or when any failed): the screen then renders once, with its rows.
 */
export function preloadRoute(pathname: string, search: string): Promise<void> {
  if (!pathname.startsWith(paths.dashboard.root.path) || !getToken()) return Promise.resolve();
  const page = pathname.slice(paths.dashboard.root.path.length);
  const data = page.startsWith('/data') ? import('../features/data/preload.ts').then((m) => m.preloadDataScreen(new URLSearchParams(search))) : undefined;
  return quietly(Promise.all([layoutRoute.preload(), pageRoute(page)?.preload(), data]));
}

function pageRoute(page: string) {
  if (page === '' || page === '/' || page.startsWith('/upload')) return uploadRoute;
  if (/^\/documents\/[^/]+\/review/.test(page)) return reviewRoute;
  if (/^\/documents\/./.test(page)) return documentRoute;
  if (page.startsWith('/documents')) return documentsRoute;
  if (page.startsWith('/data')) return dataRoute;
  if (page.startsWith('/users')) return usersRoute;
  return undefined;
}

/** Spec §2 routes with the §6 guards. */
export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner label={layoutMessages.loading} />}>
      <Routes>
        <Route path={paths.home.path} element={<LoginPage />} />
        <Route path={paths.login.path} element={<LoginPage />} />
        <Route path={paths.unauthorized.path} element={<UnauthorizedPage />} />
        <Route
          path={paths.dashboard.root.path}
          element={
            <ProtectedRoute>
              <DashboardLayout />
            </ProtectedRoute>
          }
        >
          <Route index element={<Navigate to={paths.dashboard.upload.getHref()} replace />} />
          <Route
            path={paths.dashboard.upload.path}
            element={
              <ProtectedRoute permissions={['upload']}>
                <UploadPage />
              </ProtectedRoute>
            }
          />
          <Route
            path={paths.dashboard.documents.path}
            element={
              <ProtectedRoute permissions={['read']}>
                <DocumentsPage />
              </ProtectedRoute>
            }
          />
          <Route
            path={paths.dashboard.document.path}
            element={
              <ProtectedRoute permissions={['read']}>
                <DocumentPage />
              </ProtectedRoute>
            }
          />
          <Route
            path={paths.dashboard.review.path}
            element={
              <ProtectedRoute permissions={['read']}>
                <ReviewPage />
              </ProtectedRoute>
            }
          />
          <Route
            path={paths.dashboard.data.path}
            element={
              <ProtectedRoute permissions={['read']}>
                <DataPage />
              </ProtectedRoute>
            }
          />
          <Route
            path={paths.dashboard.users.path}
            element={
              <ProtectedRoute permissions={['admin']}>
                <UsersPage />
              </ProtectedRoute>
            }
          />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
