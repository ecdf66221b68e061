import { asConfigurationProblem, checkDeployment, ConfigurationError, type DeploymentVerdict, type Environment } from "@pap/core";
import { configSections } from "./domains";

/** The deployment's configuration file checked whole: every section of every domain, and a section none of them reads. */
export const deploymentVerdict = (env: Environment = process.env): DeploymentVerdict => checkDeployment(configSections, env);

/** Stops a start on a deployment file with problems, naming each of them. */
export function refuseBadDeployment(env: Environment = process.env): void {
  const { problems } = deploymentVerdict(env);
  if (problems.length) throw new ConfigurationError(problems.map(asConfigurationProblem));
}
