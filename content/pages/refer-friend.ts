import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const referFriendPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: 'Refer a Friend',
          description: `Know someone who could use honest insurance advice? Refer a friend or family member to our ${state.en} agency and we will treat them like one of our own.`,
        },
        hero: {
          title: 'Refer a Friend',
          tagline:
            'Nothing means more to us than the trust of the people we serve, and the friends and family they send our way.',
          button: { label: 'Refer someone', href: '#referral-form' },
          illustration: 'gift',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'Share the care you received',
            paragraphs: [
              'Most of our new clients come from a recommendation: a neighbor, a coworker, a cousin who told them to give us a call. If we have helped you, we would love the chance to help someone close to you too.',
              'Tell us who they are and how we can reach them, or simply send their name and a few words about what they need. We will reach out kindly, with no pressure, and let them know you thought of them.',
            ],
          },
        ],
        form: {
          anchor: 'referral-form',
          heading: 'Send us your referral',
          intro:
            'Leave your own name and e-mail, then use the message to tell us about the person you are referring and the best way to contact them.',
        },
      },
      es: {
        meta: {
          title: 'Recomiende a un amigo',
          description: `¿Conoce a alguien que necesite un consejo honesto sobre seguros? Recomiende a un amigo o familiar a nuestra agencia de ${state.es} y lo trataremos como familia.`,
        },
        hero: {
          title: 'Recomiende a un amigo',
          tagline:
            'Nada significa más para nosotros que la confianza de las personas a quienes servimos, y de los amigos y familiares que nos recomiendan.',
          button: { label: 'Recomendar a alguien', href: '#referral-form' },
          illustration: 'gift',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'Comparta la atención que recibió',
            paragraphs: [
              'La mayoría de nuestros clientes nuevos llegan por una recomendación: un vecino, un compañero de trabajo, un primo que les dijo que nos llamaran. Si le hemos ayudado, nos encantaría tener la oportunidad de ayudar también a alguien cercano a usted.',
              'Díganos quiénes son y cómo podemos comunicarnos con ellos, o simplemente envíenos su nombre y unas palabras sobre lo que necesitan. Nos pondremos en contacto con amabilidad, sin presiones, y les diremos que usted pensó en ellos.',
            ],
          },
        ],
        form: {
          anchor: 'referral-form',
          heading: 'Envíenos su recomendación',
          intro:
            'Deje su nombre y su correo electrónico, y luego use el mensaje para contarnos sobre la persona que nos recomienda y la mejor manera de contactarla.',
        },
      },
    }) satisfies Localized<ContentPage>,
)
