import { json, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

export const meta: MetaFunction = () => [{ title: 'Página de referência' }, { name: 'description', content: 'Referência do benchmark.' }];

export function loader() {
  return json({ greeting: 'Olá, engenheiro', items: ['Calculadoras', 'Ferramentas', 'Cursos'] });
}

export default function Index() {
  const { greeting, items } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>{greeting}</h1>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </main>
  );
}
