import { DataScreen } from '../../features/data/components/data-screen.tsx';

export default function DataPage() {
  return <DataScreen />;
}
