import { uploadMessages } from '../messages.ts';

/**
 * Three steps and the recommendations of spec §2, including 'máximo 10MB por archivo', brought up
 * to what the product does now (issue 11): scanned applications and photos are read, with tips
 * for a good photo.
 */
export function InstructionsCard() {
  return (
    <section className="card" aria-labelledby="instructions-title">
      <h2 id="instructions-title" className="card-title">
        {uploadMessages.instructionsTitle}
      </h2>
      <ol className="steps">
        {uploadMessages.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <h3 className="card-subtitle">{uploadMessages.recommendationsTitle}</h3>
      <ul className="recommendations">
        {uploadMessages.recommendations.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
      <h3 className="card-subtitle">{uploadMessages.photoTipsTitle}</h3>
      <ul className="recommendations">
        {uploadMessages.photoTips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  );
}
