import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const proofInsurancePage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: 'Request Proof of Insurance',
          description: `Need an insurance ID card, a certificate of insurance or your declaration pages? Ask online and choose e-mail, mail, fax or pickup at our ${state.en} office.`,
        },
        hero: {
          title: 'Request Proof of Insurance',
          tagline:
            'For the car dealer, the landlord, the lender or the new client who asked for it: tell us what document you need and where to send it.',
          button: { label: 'Request a document', href: '#proof-form' },
          illustration: 'file-text',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'Documents we can send',
            paragraphs: ['Choose the one you need in the form:'],
            list: [
              'Auto insurance ID cards.',
              'Certificates of insurance for landlords, clients and general contractors.',
              'Declaration pages that list your coverages, limits and deductibles.',
            ],
          },
        ],
        form: {
          anchor: 'proof-form',
          heading: 'Request your proof of insurance',
          intro:
            'Include your carrier and policy number if you have them handy. Most requests are ready the same business day.',
        },
      },
      es: {
        meta: {
          title: 'Solicite un comprobante de seguro',
          description:
            '¿Necesita su tarjeta de seguro, un certificado de seguro o sus páginas de declaraciones? Pídalos en línea y recíbalos por correo, fax o en nuestra oficina.',
        },
        hero: {
          title: 'Solicite un comprobante de seguro',
          tagline:
            'Para el concesionario de autos, el arrendador, el prestamista o el cliente nuevo que se lo pidió: díganos qué documento necesita y adónde enviarlo.',
          button: { label: 'Solicitar un documento', href: '#proof-form' },
          illustration: 'file-text',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'Documentos que podemos enviarle',
            paragraphs: ['Elija en el formulario el que necesita:'],
            list: [
              'Tarjetas de seguro de auto.',
              'Certificados de seguro para arrendadores, clientes y contratistas generales.',
              'Páginas de declaraciones con sus coberturas, límites y deducibles.',
            ],
          },
        ],
        form: {
          anchor: 'proof-form',
          heading: 'Solicite su comprobante de seguro',
          intro:
            'Incluya el nombre de su aseguradora y su número de póliza si los tiene a la mano. La mayoría de las solicitudes quedan listas el mismo día hábil.',
        },
      },
    }) satisfies Localized<ContentPage>,
)
