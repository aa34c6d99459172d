// The baseline of `npm run bench:web`: the least a React 19 page can be, built by the same Vite as apps/web.
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <main>
    <h1>병원 진료비, 이제 자동으로 청구하세요</h1>
    <p>한 번만 가입하면 자동청구 병원에서 받은 진료를 보험사에 알아서 청구해 드려요.</p>
  </main>,
);
