import { UploadScreen } from '../../features/upload/components/upload-screen.tsx';
import '../styles/upload.css';

export default function UploadPage() {
  return <UploadScreen />;
}
