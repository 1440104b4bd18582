import { SettingsListLoading } from "@/components/settings/settings-list-loading";

export default function InstanceLoading() {
  return <SettingsListLoading label="Loading the instance's settings" />;
}
