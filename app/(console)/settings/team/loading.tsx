import { SettingsListLoading } from "@/components/settings/settings-list-loading";

export default function TeamLoading() {
  return <SettingsListLoading label="Loading the team" />;
}
