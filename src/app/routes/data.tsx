import { DataScreen } from '../../features/data/components/data-screen.tsx';
import '../styles/data.css';

export default function DataPage() {
  return <DataScreen />;
}
