import { UploadScreen } from '../../features/upload/components/upload-screen.tsx';

export default function UploadPage() {
  return <UploadScreen />;
}
