// The worked example of docs/configuration.md as a deployment file: Kern County's own queue, and a
// TANF processing clock. Only the workflow's section: every other section keeps its built-in value.

export const KERN = "06029";
export const KERN_QUEUE = "7a0c5f7e-2b1d-4c3e-8f90-0a1b2c3d4e5f";

export const deploymentYaml = `# Kern County works its own intake; TANF applications get a 45-day processing clock.
workflow:
  queues:
    - id: ae5ed10f-657d-55f3-b53c-b381ec583a1e
      name: snap-intake
      description: SNAP intake tasks
    - id: f46c5c87-b1fe-55c2-9166-873c2748d4f4
      name: general-intake
      description: Intake tasks of every other program, and the default queue
    - id: ${KERN_QUEUE}
      name: kern-intake
      description: Kern County's intake work, every program
      county: "${KERN}"
  slaTypes:
    - { code: snap_expedited, name: SNAP Expedited, duration: { amount: 7, unit: days }, warningThresholdPercent: 75 }
    - { code: snap_standard, name: SNAP Standard, duration: { amount: 30, unit: days }, warningThresholdPercent: 75 }
    - { code: medicaid_standard, name: Medicaid Standard, duration: { amount: 45, unit: days }, warningThresholdPercent: 75 }
    - { code: medicaid_disability, name: Medicaid Disability, duration: { amount: 90, unit: days }, warningThresholdPercent: 75 }
    - code: tanf_standard
      name: TANF Standard
      duration: { amount: 45, unit: days }
      warningThresholdPercent: 80
  applicationClocks:
    - { program: snap, expedited: true, slaType: snap_expedited }
    - { program: snap, expedited: false, slaType: snap_standard }
    - { program: medicaid, slaType: medicaid_standard }
    - { program: tanf, slaType: tanf_standard }
  routing:
    rules:
      - queue: kern-intake
        when: { counties: ["${KERN}"] }
      - queue: snap-intake
        when: { programs: [snap] }
    defaultQueue: general-intake
`;
