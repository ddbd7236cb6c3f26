import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { layoutMessages } from './messages.ts';
import { paths } from '../shared/paths.ts';
import { FullPageSpinner } from '../ui/spinner.tsx';
import { getToken } from '../lib/token-store.ts';
import { ProtectedRoute } from './guards/protected-route.tsx';
// The login page is the first screen of most visits: bundled with the shell, so it renders without
// waiting for one more request. Everything else is split per route.
import LoginPage from './routes/login.tsx';

const loadLayout = () => import('./layouts/dashboard-layout.tsx');
const loadUpload = () => import('./routes/upload.tsx');
const loadDocuments = () => import('./routes/documents.tsx');
const loadDocument = () => import('./routes/document.tsx');
const loadReview = () => import('./routes/review.tsx');
const loadData = () => import('./routes/data.tsx');
const loadUsers = () => import('./routes/users.tsx');

const UnauthorizedPage = lazy(() => import('./routes/unauthorized.tsx'));
const NotFoundPage = lazy(() => import('./routes/not-found.tsx'));
const DashboardLayout = lazy(() => loadLayout().then((m) => ({ default: m.DashboardLayout })));
const UploadPage = lazy(loadUpload);
const DocumentsPage = lazy(loadDocuments);
const DocumentPage = lazy(loadDocument);
const ReviewPage = lazy(loadReview);
const DataPage = lazy(loadData);
const UsersPage = lazy(loadUsers);

/**
 * A signed-in reload of a dashboard page would otherwise fetch the layout and page chunks only
 * after the session check answers; starting them now runs both in parallel.
 */
function preloadDashboard(pathname: string): void {
  if (!pathname.startsWith(paths.dashboard.root.path) || !getToken()) return;
  void loadLayout();
  const page = pathname.slice(paths.dashboard.root.path.length);
  if (page === '' || page === '/' || page.startsWith('/upload')) void loadUpload();
  else if (/^\/documents\/[^/]+\/review/.test(page)) void loadReview();
  else if (/^\/documents\/./.test(page)) void loadDocument();
  else if (page.startsWith('/documents')) void loadDocuments();
  else if (page.startsWith('/data')) void loadData();
  else if (page.startsWith('/users')) void loadUsers();
}
preloadDashboard(window.location.pathname);

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
