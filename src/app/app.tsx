import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';
import './styles/base.css';

export function App() {
  return (
    <BrowserRouter>
      <AppProvider>
        <AppRoutes />
      </AppProvider>
    </BrowserRouter>
  );
}
