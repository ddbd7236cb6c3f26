import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { layoutMessages } from '../shared/messages/web.ts';
import { paths } from '../shared/paths.ts';
import { FullPageSpinner } from '../ui/spinner.tsx';
import { ProtectedRoute } from './guards/protected-route.tsx';
// The login page is the first screen of most visits: bundled with the shell, so it renders without
// waiting for one more request. Everything else is split per route.
import LoginPage from './routes/login.tsx';

const UnauthorizedPage = lazy(() => import('./routes/unauthorized.tsx'));
const NotFoundPage = lazy(() => import('./routes/not-found.tsx'));
const DashboardLayout = lazy(() => import('./layouts/dashboard-layout.tsx').then((m) => ({ default: m.DashboardLayout })));
const UploadPage = lazy(() => import('./routes/upload.tsx'));
const DocumentsPage = lazy(() => import('./routes/documents.tsx'));
const DocumentPage = lazy(() => import('./routes/document.tsx'));
const DataPage = lazy(() => import('./routes/data.tsx'));
const UsersPage = lazy(() => import('./routes/users.tsx'));

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
